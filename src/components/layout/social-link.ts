import { IconBrandGithub, IconBrandLinkedin, IconBrandX, IconWorld } from '@tabler/icons-react';

/** The sites the footer knows by name and icon; any other link shows a globe and its host name. */
const KNOWN_SITES = [
  { id: 'github', hosts: ['github.com'], icon: IconBrandGithub },
  { id: 'x', hosts: ['x.com', 'twitter.com'], icon: IconBrandX },
  { id: 'linkedin', hosts: ['linkedin.com'], icon: IconBrandLinkedin },
] as const;

export type KnownSiteId = (typeof KNOWN_SITES)[number]['id'];

export interface SocialSite {
  /** A known site, named by its own key in the translations; null for any other. */
  id: KnownSiteId | null;
  /** The link's host without "www.", for the name of an unknown site. */
  host: string;
  icon: typeof IconWorld;
}

/** What the footer shows for one of the operator's profile links (validated by the API as http or https). */
export function socialSite(href: string): SocialSite {
  let host = '';
  try {
    host = new URL(href).hostname.replace(/^www\./, '');
  } catch {
    // Not an address after all: shown with the globe and no host.
  }
  const known = KNOWN_SITES.find((site) => site.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  return known ? { id: known.id, host, icon: known.icon } : { id: null, host, icon: IconWorld };
}
