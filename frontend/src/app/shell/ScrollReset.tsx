import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: each navigation starts at the top of the page, not where the last one was left. */
export function ScrollReset({ targetId = 'main-content' }: { targetId?: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const main = document.getElementById(targetId);
    if (main) main.scrollTop = 0;
  }, [pathname, targetId]);
  return null;
}
