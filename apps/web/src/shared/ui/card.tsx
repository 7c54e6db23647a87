import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import './ui.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: a `section` when the card has its own heading. */
  as?: 'div' | 'section' | 'article' | 'aside';
  /** `roomy` gives a form or a message more space on a wide screen. */
  padding?: 'normal' | 'roomy';
}

/**
 * The one raised surface of the product: white, rounded, softly shadowed (design tokens,
 * docs/design-system.md).
 */
export function Card({ as: Tag = 'div', padding = 'normal', className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={['ui-card', `ui-card--${padding}`, className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}

export interface TileProps {
  to: string;
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
}

/** A link to another page, as a row or a grid cell: an icon, a title, a line of explanation and a chevron. */
export function Tile({ to, title, description, icon: Icon }: TileProps) {
  return (
    <Link to={to} className="tile">
      {Icon ? (
        <span className="tile__icon" aria-hidden="true">
          <Icon size={20} strokeWidth={2.25} />
        </span>
      ) : null}
      <span className="tile__text">
        <span className="tile__title">{title}</span>
        {description ? <span className="tile__description">{description}</span> : null}
      </span>
      <ChevronRight className="tile__chevron" aria-hidden="true" size={20} />
    </Link>
  );
}
