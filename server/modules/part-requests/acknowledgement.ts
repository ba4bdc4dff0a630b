// What both part request forms (the shop's and the account's) send back: the reference the
// customer quotes and the acknowledgement e-mail.
import { t } from '../../../src/domain/messages';
import type { MailMessage } from '../../integrations/mail';

/** The reference the customer quotes: 'PR-000042'. */
export const partRequestReference = (id: number) => `PR-${String(id).padStart(6, '0')}`;

export function acknowledgement(to: string, vars: { name: string; partName: string; carReg: string; reference: string }): MailMessage {
  return { to, subject: t('part_requests.mail_subject', vars), text: t('part_requests.mail_text', vars) };
}
