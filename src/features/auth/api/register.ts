/**
 * POST /members/register (SPEC §7): the new member is signed in (the session is rotated, the
 * visitor's cart joins theirs), so every query is read again as the member.
 */
import { useMutation } from '@tanstack/react-query';
import { register } from '../../../contract/members';
import type { RegistrationForm } from '../../../domain/member-forms';
import { apiOf } from '../../../shared/api/client';
import { refreshAfterSignIn } from '../../../shared/account/sign-in';

export function useRegister() {
  return useMutation({
    mutationKey: ['members', 'register'],
    mutationFn: (body: RegistrationForm, { client }) => apiOf(client)(register, { body }),
    onSuccess: (_answer, _body, _result, { client }) => refreshAfterSignIn(client),
  });
}
