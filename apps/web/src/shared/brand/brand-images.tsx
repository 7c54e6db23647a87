import { brand } from '@app/contracts/brand';

/**
 * The scheme's wordmark (ADR 028), drawn for the brand colour behind it. Decorative where the link or heading
 * around it names the scheme; `label` gives it a name where nothing else does.
 */
export function BrandLogo({ className, label }: { className?: string; label?: string }) {
  const { src, width, height } = brand.logo;
  return <img className={className} src={src} width={width} height={height} alt={label ?? ''} />;
}

/** The member's card in the brand's look: a picture of the card, beside the real number and barcode. */
export function BrandCardImage({
  className,
  fetchPriority,
}: {
  className?: string;
  /** `high` where the card is the first screen's largest picture (the card page, ADR 040). */
  fetchPriority?: 'high' | 'low' | 'auto';
}) {
  const { src, width, height } = brand.cardImage;
  return (
    <img
      className={className}
      src={src}
      width={width}
      height={height}
      alt=""
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
}
