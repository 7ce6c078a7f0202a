import type { Problem } from '../../../../shared/schemas/problem';
import type {
  AddAdditionalInformationInput,
  DeletionResponse,
  EditUserInput,
  Eligibility,
  EmailPasswordLoginInput,
  OtpSent,
  RegisterEmailInput,
  RegisterFacebookInput,
  RegisterGoogleInput,
  RequestPasswordResetInput,
  RequestUserDeletionInput,
  ResetPasswordInput,
  EmailVerified,
  SignInResponse,
  UserResponse,
  VerificationEmailSent,
  VerifyEmailInput,
  VerifyPhoneInput,
} from '../../../../shared/schemas/users';
import { ApiError, type ApiResult, getApiClient } from '../../../lib/api-client';

/** The accounts calls of spec §7 and DESIGN §10, one function each, through the app's API client. */

const post = <T>(path: string, body?: unknown) => getApiClient().post<T>(`/users/${path}`, body);

export const registerEmail = (body: RegisterEmailInput) => post<UserResponse>('register_email', body);
export const emailPasswordLogin = (body: EmailPasswordLoginInput) => post<SignInResponse>('email_password_login', body);
export const registerGoogle = (body: RegisterGoogleInput) => post<SignInResponse>('register_google', body);
export const registerFacebook = (body: RegisterFacebookInput) => post<SignInResponse>('register_facebook', body);
export const editUser = (body: EditUserInput) => post<UserResponse>('edit_user', body);
export const addAdditionalInformation = (body: AddAdditionalInformationInput) => post<OtpSent>('add_additional_information', body);
export const resendOtpCode = () => post<OtpSent>('resend_otp_code');
export const verifyPhone = (body: VerifyPhoneInput) => post<UserResponse>('verify_phone', body);
export const requestUserDeletion = (body: RequestUserDeletionInput) => post<DeletionResponse>('request_user_deletion', body);
export const requestPasswordReset = (body: RequestPasswordResetInput) => post<{ status: 'requested' }>('request_password_reset', body);
export const resetPassword = (body: ResetPasswordInput) => post<{ status: 'password_changed' }>('reset_password', body);
export const verifyEmail = (body: VerifyEmailInput) => post<EmailVerified>('verify_email', body);
export const resendVerificationEmail = () => post<VerificationEmailSent>('resend_verification_email');

/** Spec §7: is_eligible_for_reservation is "called with an explicit token" — the current one, obtained first. */
export async function isEligibleForReservation(): Promise<ApiResult<Eligibility>> {
  const client = getApiClient();
  let token: string;
  try {
    token = await client.getAccessToken();
  } catch (error) {
    const problem: Problem =
      error instanceof ApiError ? error.problem : { type: 'about:blank', title: 'Network error', status: 0, detail: 'Network error', code: 'network' };
    return { ok: false, status: error instanceof ApiError ? error.status : 0, problem };
  }
  return client.get<Eligibility>('/users/is_eligible_for_reservation', { token });
}
