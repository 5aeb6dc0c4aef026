// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ServiceCard } from './admin-system';

describe('System service card', () => {
  it('says mail that only lands in the outbox is a warning, not OK and not a failure', async () => {
    await renderWithProviders(
      <ServiceCard name="mail" check={{ ok: false, warning: true, status: 'outbox', detail: 'outbox' }} />,
    );
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(screen.queryByText('OK')).not.toBeInTheDocument();
    expect(screen.queryByText('Problem')).not.toBeInTheDocument();
    expect(screen.getByText(/only land in the outbox/)).toBeInTheDocument();
  });

  it('says a service that is down is a problem', async () => {
    await renderWithProviders(<ServiceCard name="storage" check={{ ok: false, status: 'error' }} />);
    expect(screen.getByText('Problem')).toBeInTheDocument();
  });
});
