import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { unauthenticated, validationError, type FieldErrors } from '../../http/errors';
import { validBody } from '../../http/validation';
import { ChangePasswordPayload, UpdateProfilePayload } from '../../../contracts/profile';
import { requireUser } from '../auth/middleware';
import { loadUserDto } from '../auth/user-dto';
import { consume } from '../rate-limit/middleware';
import { changePassword, countryNamed, currentContact, updateProfile } from './service';

/**
 * The signed-in user's own profile (docs/product.md §7.4). Every route acts on the user
 * of the token and takes no user id, so nobody can read or change another's profile.
 */
export const profileRoutes = new Hono<AppEnv>()
  .get('/profile', requireUser(), async (c) => {
    const user = await loadUserDto(c.var.db, c.var.userId!);
    if (!user) throw unauthenticated();
    return c.json({ message: '', data: { user } });
  })
  .post('/update-profile', requireUser(), validBody(UpdateProfilePayload), async (c) => {
    const payload = c.req.valid('json');
    const { db, t, userId } = c.var;
    const current = await currentContact(db, userId!);
    if (!current) throw unauthenticated();
    const errors: FieldErrors = {};
    const country = payload.country ? await countryNamed(db, payload.country) : payload.country;
    if (payload.country && !country) errors.country = [t('The selected {{attribute}} is invalid.', { attribute: t('country') })];
    // A new e-mail or phone must first be proven by a code sent to it (issue 8); until that
    // flow exists, only the current one may be sent back.
    if (payload.email !== undefined && payload.email.toLowerCase() !== (current.email ?? '').toLowerCase()) {
      errors.email = [t('Verify the new e-mail address with a code before changing it.')];
    }
    if (payload.phone !== undefined && payload.phone.replace(/\D/g, '') !== (current.phone ?? '')) {
      errors.phone = [t('Verify the new phone number with a code before changing it.')];
    }
    if (payload.profile_photo !== undefined && payload.profile_photo !== '' && payload.profile_photo !== null) {
      errors.profile_photo = [t('The profile photo cannot be changed yet.')];
    }
    if (Object.keys(errors).length) throw validationError(errors);
    await updateProfile(db, userId!, { name: payload.name, gender: payload.gender, dateOfBirth: payload.date_of_birth, country });
    const user = await loadUserDto(db, userId!);
    return c.json({ message: t('Profile updated successfully.'), data: { user } });
  })
  .post('/change-password', requireUser(), validBody(ChangePasswordPayload), async (c) => {
    const { current_password, password } = c.req.valid('json');
    const { db, t, userId, token } = c.var;
    await consume(c, 'password:change', `user:${userId}`);
    if (!(await changePassword(db, userId!, token!, current_password, password))) {
      throw validationError({ current_password: [t('The current password is incorrect.')] });
    }
    return c.json({ message: t('Password changed successfully.'), data: {} });
  });
