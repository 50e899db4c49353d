import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { screenShown } from '@/lib/notify';

/**
 * A link or redirect to another screen starts at the top of it. Back and forward (POP) are left to
 * the browser's own scroll restoration. A change of the query alone (a list's page, search or
 * filter) keeps the scroll position.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const scrolledFor = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname === scrolledFor.current) return;
    scrolledFor.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** Another screen (not a change of the query alone) dismisses the error toasts of the one left. */
function ScreenErrorsDismissal() {
  const { pathname } = useLocation();
  useLayoutEffect(() => screenShown(pathname), [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <ScreenErrorsDismissal />
      <Outlet />
    </>
  );
}
