import { z } from 'zod';

/**
 * An id in a path (a voucher, a receipt). The route takes any short string: an id that is not a UUID is one we
 * do not have, so the service answers its own 404 ("We couldn't find that voucher.") rather than a validation
 * message a member who edited the address could not make sense of.
 */
export const pathIdSchema = z.string().min(1).max(64);

const uuid = z.uuid();
/** Whether a path id can be one of ours; look it up only then (the database refuses a malformed uuid). */
export const isUuid = (value: string) => uuid.safeParse(value).success;
