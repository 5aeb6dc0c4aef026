import {
  IconChartBar,
  IconDatabase,
  IconDownload,
  IconFileText,
  IconFlag,
  IconHome,
  IconServer,
  IconSettings,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';

/** The admin sidebar, in the spec's order (docs/product.md §2 Admin panel). */
export const ADMIN_NAV_LINKS = [
  { to: '/admin', labelKey: 'admin.nav.home', icon: IconHome },
  { to: '/admin/uploads', labelKey: 'admin.nav.uploads', icon: IconUpload },
  { to: '/admin/downloads', labelKey: 'admin.nav.downloads', icon: IconDownload },
  { to: '/admin/users', labelKey: 'admin.nav.users', icon: IconUsers },
  { to: '/admin/pages', labelKey: 'admin.nav.pages', icon: IconFileText },
  { to: '/admin/analytics', labelKey: 'admin.nav.analytics', icon: IconChartBar },
  { to: '/admin/storage', labelKey: 'admin.nav.storage', icon: IconDatabase },
  { to: '/admin/system', labelKey: 'admin.nav.system', icon: IconServer },
  { to: '/admin/settings', labelKey: 'admin.nav.settings', icon: IconSettings },
  // Not in the spec's sidebar: where "Report this file" lands, with a one-click takedown.
  { to: '/admin/reports', labelKey: 'admin.nav.reports', icon: IconFlag },
] as const satisfies readonly { to: string; labelKey: ParseKeys; icon: unknown }[];
