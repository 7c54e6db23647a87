import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth:// address as a QR code for an authenticator app to scan; the text stays beside it. */
export function AuthenticatorQr({ uri }: { uri: string }) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    toDataURL(uri, { margin: 1, width: 176, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setImage(url);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [uri]);
  if (!image) return <div className="qr qr--waiting" aria-hidden="true" />;
  return (
    <img
      className="qr"
      src={image}
      width={176}
      height={176}
      alt="QR code of the authenticator address shown below"
    />
  );
}
