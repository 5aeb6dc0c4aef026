import type { ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './site-layout.module.css';

/** Header, main landmark and footer of every public screen. Renders the child route by default. */
export function SiteLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
