import { InstallOffer } from './install-offer';
import { UpdatePrompt } from './update-prompt';

/**
 * The app's install offer (at the end of the page) and update prompt (floating). Rendered once by
 * the app; each shows only when there is something to offer.
 */
export function PwaPrompts() {
  return (
    <>
      <InstallOffer />
      <UpdatePrompt />
    </>
  );
}
