import { type MouseEvent, Suspense } from 'react';
import { Container, Group, Text } from '@mantine/core';
import { Link, NavLink, Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { AuthProvider } from '../../features/auth/AuthProvider';
import { AccountNav } from '../../features/auth/components/AccountNav';
import { SessionNotice } from '../../features/auth/components/SessionNotice';
import classes from './AppLayout.module.css';
import { ScrollToTop } from './ScrollToTop';

export const MAIN_CONTENT_ID = 'main-content';
const API_DOCS_URL = '/api/docs';

const NAV_LINKS = [
  { to: '/', label: 'Tasks', end: true },
  { to: '/about', label: 'About', end: false },
  { to: '/contact', label: 'Contact', end: false },
];

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/termsofuse', label: 'Terms of Use' },
  { to: '/datapolicy', label: 'Data Policy' },
];

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

function Header() {
  return (
    <header className={classes.header}>
      <Container size="lg" py="sm">
        <Group justify="space-between" gap="sm">
          <Link to="/" className={classes.brand}>
            Dynaloop
          </Link>
          <Group gap="md" wrap="nowrap">
            <nav aria-label="Main">
              <Group component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={classes.navLink}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <a href={API_DOCS_URL} className={classes.navLink}>
                    API
                  </a>
                </li>
              </Group>
            </nav>
            <AccountNav />
          </Group>
        </Group>
      </Container>
    </header>
  );
}

function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed">
            Dynaloop — dynamic, human-in-the-loop benchmarking of AI models.
          </Text>
          <nav aria-label="Footer">
            <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href={API_DOCS_URL} className={classes.footerLink}>
                  API reference
                </a>
              </li>
            </Group>
          </nav>
        </Group>
      </Container>
    </footer>
  );
}

/** Page chrome around every route: skip link, header with navigation, main, footer. */
export function AppLayout() {
  return (
    <AuthProvider>
      <div className={classes.shell}>
        <ScrollToTop />
        <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToContent}>
          Skip to content
        </a>
        <Header />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <SessionNotice />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </AuthProvider>
  );
}
