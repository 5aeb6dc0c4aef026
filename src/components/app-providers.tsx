// Providers every screen needs. The app, the start-up error screen and the test render helper
// all wrap their content in this, so a screen behaves the same in each.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { cssVariablesResolver, theme } from '@/theme';

export interface AppProvidersProps {
  i18n: I18n;
  /** Omitted by screens that make no server calls (the start-up error screen). */
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (Mantine). */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ i18n, queryClient, mantineEnv, children }: AppProvidersProps) {
  const content = (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={mantineEnv}
    >
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
  if (!queryClient) return content;
  return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
}
