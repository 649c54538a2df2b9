import { z } from 'zod';
import { isCommonPassword, MIN_PASSWORD_LENGTH } from '../../auth/password-policy.ts';
import { isValidTimeZone } from '../../config.ts';

// Field rules shared by registration, profile and the users screen.
export const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only');

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'At least 8 characters')
  .max(200)
  .refine((p) => !isCommonPassword(p), 'This password is too common; choose another');

export const timezoneSchema = z.string().max(64).refine(isValidTimeZone, 'in');
