import type { AppProps } from '../../../src/contract/app-props';
import type { Config } from '../../config';
import type { Session } from '../session/service';

/**
 * The app props of SPEC §3 for this visitor. Member fields stay empty until the accounts issue
 * signs members in (memberIdentifier is then the session's member id).
 */
export function appPropsFor(config: Config, session: Session | null): AppProps {
  return {
    isProduction: config.isProduction,
    isGuest: false,
    memberIdentifier: session?.memberId != null ? String(session.memberId) : '',
    memberFirstName: '',
    defaultCurrency: config.defaultCurrency,
    flags: config.flags,
  };
}
