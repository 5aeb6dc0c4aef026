// Links that hand a share link to another app. Pure, so the service worker or a test can use them.

/** A WhatsApp "click to chat" link that opens the app (or web) with `text` ready to send. */
export function whatsAppHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A mailto link the visitor's mail app opens with subject and body filled in (no recipient). */
export function mailtoHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
