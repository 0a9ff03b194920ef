import { useState } from 'react';
import styles from './site-logo.module.css';

interface SiteLogoProps {
  siteName: string;
  logoUrl?: string;
  /** light: on a dark or coloured background. */
  tone?: 'default' | 'light';
}

/** The configured logo image, falling back to the site name when there is none or it fails to load. */
export function SiteLogo({ siteName, logoUrl, tone = 'default' }: SiteLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `${styles.logo} ${tone === 'light' ? styles.light : ''}`;
  if (logoUrl && failedUrl !== logoUrl) {
    return (
      <span className={className}>
        <img className={styles.image} src={logoUrl} alt={siteName} onError={() => setFailedUrl(logoUrl)} />
      </span>
    );
  }
  return (
    <span className={className}>
      <span className={styles.mark} aria-hidden="true">
        {siteName.trim().charAt(0).toUpperCase() || 'S'}
      </span>
      <span className={styles.name}>{siteName}</span>
    </span>
  );
}
