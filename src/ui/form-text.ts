import { useLingui } from '@lingui/react/macro';

/** A form or reply message key in the player's language; unknown keys show the server's text. */
export function useFormText(): (key: string | undefined, args?: Readonly<Record<string, string | number>>, text?: string) => string {
  const { t } = useLingui();
  return (key, args = {}, text = '') => {
    const title = String(args.title ?? '');
    const min = String(args.min ?? '');
    const max = String(args.max ?? '');
    const amount = String(args.amount ?? '');
    switch (key) {
      case 'allInputEnter': return t`Please fill in all fields.`;
      case 'loginFormat': return t`Username and password must be 4 to 20 characters.`;
      case 'required': return t`This field is required.`;
      case 'onlyLatin': return t`Only latin characters and numbers.`;
      case 'onlyLowercase': return t`Only lowercase letters and numbers.`;
      case 'invalidLength': return t`Invalid length: 5 to 20 characters.`;
      case 'usernameIsPassword': return t`The username must not be the password.`;
      case 'usernameTaken': return t`This username is taken.`;
      case 'usernameAvailable': return t`The username is available.`;
      case 'birthDateRequired': return t`Choose your birth day, month and year.`;
      case 'idNumberLength': return t`The identity number has 11 digits.`;
      case 'minLength': return t`At least ${min} characters.`;
      case 'lengthBetween': return t`${min} to ${max} characters.`;
      case 'mobileFormat': return t`Enter the country code and 8 to 11 digits.`;
      case 'passwordNoSameRegister': return t`The passwords are not the same.`;
      case 'passwordMatchError': return t`The new passwords do not match.`;
      case 'emailRequired': return title ? t`${title}: enter a valid e-mail address.` : t`Enter a valid e-mail address.`;
      case 'emailUsed': return t`This e-mail or phone is already in use.`;
      case 'securityCode': return t`Security code`;
      case 'confirmRequired': return t`Confirm that you are over 18 and accept the terms.`;
      case 'networkError': return t`Could not reach the server. Check your connection and try again.`;
      case 'wrongCurrentPassword': return t`Wrong current password.`;
      case 'wrongResetCode': return t`Wrong password reset code`;
      case 'wrongLogin': return t`Wrong username or password`;
      case 'noUserFound': return t`No user found.`;
      case 'passwordLinkSent': return t`A password change link was sent to your e-mail.`;
      case 'userPassChangeSuccess': return t`Your password was changed.`;
      case 'minLengthMaxLength': return t`${title}: ${min} to ${max} characters.`;
      case 'dateRequired': return t`${title}: enter a date as dd-MM-yyyy.`;
      case 'datetimeRequired': return t`${title}: enter a date and time as dd.MM.yyyy HH:mm.`;
      case 'numberRequired': return t`${title}: digits only.`;
      case 'timeRequired': return t`${title}: enter a time as HH:mm.`;
      case 'coordinatesRequired': return t`${title}: enter coordinates like X:15,Y:15.`;
      case 'isRequiredArea': return t`${title} is required.`;
      case 'amountMin': return t`Minimum amount: ${amount}`;
      case 'amountMax': return t`Maximum amount: ${amount}`;
      case 'insufficientCredit': return t`Insufficient credit.`;
      case 'depositRequestSuccess': return t`Your deposit request was received.`;
      case 'withdrawRequestSuccess': return t`Your withdrawal request was received.`;
      case 'requestAccepted': return t`Your request is being processed`;
      case 'requestedExists': return t`You have already requested this bonus.`;
      case 'contactSuccess': return t`Your message was sent.`;
      case 'tooManyRequests': return t`Too many attempts. Please wait a few minutes.`;
      case 'registerDisabled': return t`Registration is closed.`;
      case 'forbidden': return t`You are not allowed to do this.`;
      default: return text || key || '';
    }
  };
}
