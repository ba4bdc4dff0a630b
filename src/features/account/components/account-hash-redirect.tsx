/**
 * /panel/#/client/orders and the spec's other hash addresses (SPEC §2 URLs): the hash never reaches
 * the server, so the page opens the matching /panel/client/… path once it runs in the browser.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { accountScreenForHash } from '../screens';

export function AccountHashRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/panel/$', params: { _splat: `client/${accountScreenForHash(window.location.hash)}` }, replace: true });
  }, [navigate]);
  return <p role="status">Opening your account…</p>;
}
