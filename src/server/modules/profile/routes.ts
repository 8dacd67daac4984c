import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context';
import { ApiError, unauthenticated, validationError, type FieldErrors } from '../../http/errors';
import { validBody } from '../../http/validation';
import { ChangePasswordPayload, PROFILE_UPLOAD_MAX_BYTES, ResendContactPayload, UpdateProfilePayload, VerifyContactPayload, type ContactChangeDto } from '@/contracts/profile';
import { requireUser } from '../auth/middleware';
import { loadUserDto } from '../auth/user-dto';
import { consume } from '../rate-limit/middleware';
import { confirmContactChange, contactChangesAsked, pendingChangeDtos, resendContactCode, startContactChange, type ContactDependencies } from './contact-change';
import { photoOf, removePhoto, storePhoto } from './photo';
import { countryNamed } from '../countries/service';
import { changePassword, currentContact, updateProfile } from './service';

/** The route that takes a file: its multipart bodies skip the general 1 MB limit (app.ts) for this one. */
export const PHOTO_UPLOAD_PATH = '/api/update-profile';
export const isMultipart = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';

/** The upload's own body limit (multipart only; JSON and forms keep the general one). */
const photoBodyLimit = createMiddleware<AppEnv>((c, next) =>
  isMultipart(c.req.header('content-type'))
    ? bodyLimit({
        maxSize: PROFILE_UPLOAD_MAX_BYTES,
        onError: () => {
          throw new ApiError(413, 'The upload is too large: a profile photo may be at most 2 MB.');
        },
      })(c, next)
    : next(),
);

/**
 * Saves the signed-in user's profile (POST /update-profile; the seller app's
 * /api/seller/user-update too): name, gender, birth date, country and photo at once; a new
 * e-mail or phone only once the code sent to it is verified. Returns the message to show
 * and the changes waiting for their code.
 */
export async function updateOwnProfile(
  c: Context<AppEnv>,
  deps: ContactDependencies,
  payload: UpdateProfilePayload,
): Promise<{ message: string; verification: ContactChangeDto[] }> {
  const { db, t, userId, config } = c.var;
  const current = await currentContact(db, userId!);
  if (!current) throw unauthenticated();
  const errors: FieldErrors = {};
  const country = payload.country ? await countryNamed(db, payload.country) : payload.country;
  if (payload.country && !country) errors.country = [t('The selected {{attribute}} is invalid.', { attribute: t('country') })];
  const contact = await contactChangesAsked(c, userId!, current, payload, errors);
  const pictures = await photoOf(payload.profile_photo, t, errors);
  if (Object.keys(errors).length) throw validationError(errors);

  // Codes first: when one cannot be sent (429, 503), nothing else has changed.
  const verification: ContactChangeDto[] = [];
  for (const change of contact) verification.push(await startContactChange(c, deps, userId!, change));
  const photo = pictures ? await storePhoto(config.DATA_DIR, pictures) : undefined;
  let replaced: string | null;
  try {
    replaced = await updateProfile(db, userId!, { name: payload.name, gender: payload.gender, dateOfBirth: payload.date_of_birth, country, profilePhoto: photo });
  } catch (error) {
    if (photo) await removePhoto(config.DATA_DIR, photo);
    throw error;
  }
  if (photo) await removePhoto(config.DATA_DIR, replaced);
  const message = verification.length
    ? t('A verification code has been sent to {{email_or_phone}}. Enter it to confirm the change.', {
        email_or_phone: verification.map((change) => change.sent_to).join(', '),
      })
    : t('Profile updated successfully.');
  return { message, verification };
}

/** Changes the signed-in user's password (POST /change-password, the seller app's too); a wrong current password is a 422. */
export async function changeOwnPassword(c: Context<AppEnv>, { current_password, password }: ChangePasswordPayload): Promise<void> {
  const { db, t, userId, token } = c.var;
  await consume(c, 'password:change', `user:${userId}`);
  if (!(await changePassword(db, userId!, token!, current_password, password))) {
    throw validationError({ current_password: [t('The current password is incorrect.')] });
  }
}

/**
 * The signed-in user's own profile (docs/product.md §7.4). Every route acts on the user
 * of the token and takes no user id, so nobody can read or change another's profile.
 */
export function profileRoutes(deps: ContactDependencies) {
  return (
    new Hono<AppEnv>()
      .get('/profile', requireUser(), async (c) => {
        const user = await loadUserDto(c.var.db, c.var.userId!);
        if (!user) throw unauthenticated();
        return c.json({ message: '', data: { user, contact_changes: await pendingChangeDtos(c.var.db, user.id, deps.now()) } });
      })
      .post('/update-profile', photoBodyLimit, requireUser(), validBody(UpdateProfilePayload), async (c) => {
        const { message, verification } = await updateOwnProfile(c, deps, c.req.valid('json'));
        return c.json({ message, data: { user: await loadUserDto(c.var.db, c.var.userId!), verification } });
      })
      /** Confirms a new e-mail or phone with the code sent to it (POST /update-profile). */
      .post('/update-profile/verify', requireUser(), validBody(VerifyContactPayload), async (c) => {
        const { otp, field } = c.req.valid('json');
        const { db, t, userId } = c.var;
        const changed = await confirmContactChange(c, userId!, field, otp, deps.now());
        const user = await loadUserDto(db, userId!);
        const message = changed === 'email' ? t('Your e-mail address has been changed.') : t('Your phone number has been changed.');
        return c.json({ message, data: { user, contact_changes: await pendingChangeDtos(db, userId!, deps.now()) } });
      })
      .post('/update-profile/resend', requireUser(), validBody(ResendContactPayload), async (c) => {
        const { field } = c.req.valid('json');
        const change = await resendContactCode(c, deps, c.var.userId!, field);
        return c.json({ message: c.var.t('A verification code has been sent to {{email_or_phone}}.', { email_or_phone: change.sent_to }), data: { verification: [change] } });
      })
      .post('/change-password', requireUser(), validBody(ChangePasswordPayload), async (c) => {
        await changeOwnPassword(c, c.req.valid('json'));
        return c.json({ message: c.var.t('Password changed successfully.'), data: {} });
      })
  );
}
