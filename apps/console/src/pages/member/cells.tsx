import { formatDate, formatDateTime } from '../../shared/format.ts';

/**
 * A date or a time in a cell, kept on one line (member-screen.css): a narrow panel's table wraps its words,
 * never a date.
 */
export const Day = ({ iso }: { iso: string }) => <span className="nowrap">{formatDate(iso)}</span>;
export const Moment = ({ iso }: { iso: string }) => <span className="nowrap">{formatDateTime(iso)}</span>;
/** A short phrase kept on one line. */
export const Short = ({ text }: { text: string }) => <span className="nowrap">{text}</span>;
