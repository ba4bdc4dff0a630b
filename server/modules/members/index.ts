// The members module as other modules see it: its routes, the member service (sign-in, the
// checkout's registration, guest accounts and addresses), the member's part of the app props and
// the link in a guest's order e-mail that makes the guest a member; and the type of the other
// modules' steps of an account's deletion, which the app hands to it.
export { issueGuestRegisterLink, type ErasedMember, type MemberErasureStep } from './account-service';
export { memberAppProps, type MemberAppProps } from './app-props';
export { memberRoutes, type MemberRoutesOptions } from './routes';
export { createMemberService, type MemberService, type NewMemberDetails } from './service';
// The back office's staff sign in by the same rules: argon2id passwords and the failure throttle.
export { hashPassword, verifyPassword } from './passwords';
export { createSignInThrottle, SIGN_IN_WINDOW_MS, type SignInThrottle } from './sign-in-throttle';
