import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteLogo } from './site-logo';

/** The logo (login panel, sidebar, top nav) falls back to the site name text if the image fails. */
describe('SiteLogo', () => {
  it('shows the configured image, and the site name once the image fails to load', () => {
    const { rerender } = render(<SiteLogo siteName="효과마켓" logoUrl="/missing-logo.png" />);
    const image = screen.getByRole('img', { name: '효과마켓' });
    expect(image).toHaveAttribute('src', '/missing-logo.png');
    expect(screen.queryByText('효과마켓')).toBeNull();

    fireEvent.error(image);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('효과마켓')).toBeInTheDocument();

    // A new logo address is tried again.
    rerender(<SiteLogo siteName="효과마켓" logoUrl="/new-logo.png" />);
    expect(screen.getByRole('img', { name: '효과마켓' })).toHaveAttribute('src', '/new-logo.png');
  });

  it('shows the site name when no logo is configured', () => {
    render(<SiteLogo siteName="Simple Slot" />);
    expect(screen.getByText('Simple Slot')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
