/** What the login page says when Google or OpenID Connect sent the customer back with `?error=`. */
export function socialErrorMessage(code: string): string {
  switch (code) {
    case 'account_not_linked':
      return 'This e-mail address already has an account with a password. Please sign in with your e-mail and password.';
    case 'access_denied':
      return 'Sign-in was cancelled. You can try again, or sign in with your e-mail and password.';
    default:
      return 'We could not sign you in with that provider. Please try again, or sign in with your e-mail and password.';
  }
}
