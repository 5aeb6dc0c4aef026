import { InstallButton } from './install-button';
import { UpdatePrompt } from './update-prompt';

/**
 * The app's own install button and update prompt, floating above every screen. Rendered once by the
 * app; each shows only when the browser has something to offer.
 */
export function PwaPrompts() {
  return (
    <>
      <div style={{ position: 'fixed', insetInlineEnd: 16, bottom: 80, zIndex: 200 }}>
        <InstallButton />
      </div>
      <UpdatePrompt />
    </>
  );
}
