import { brand } from '@app/contracts/brand';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';

/** The "update available" prompt (ADR 030): a new version is ready; the member chooses when it loads. */
export default function UpdatePrompt({ onUpdate, onLater }: { onUpdate: () => void; onLater: () => void }) {
  return (
    <Alert
      tone="info"
      live="none"
      title={`A new version of ${brand.name} is ready`}
      className="update-prompt"
    >
      <p>Reload to start using it. Anything you haven't saved on this page will be lost.</p>
      <div className="update-prompt__actions">
        <Button onClick={onUpdate}>Reload now</Button>
        <Button variant="link" onClick={onLater}>
          Later
        </Button>
      </div>
    </Alert>
  );
}
