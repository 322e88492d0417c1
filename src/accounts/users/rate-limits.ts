import type { Request } from 'express';
import { RateLimitedAction } from '../../common/http/rate-limit/rate-limit.interceptor';
import { readParamGroup } from '../../common/params/resource-params';
import { signInFields } from './sign-in-fields';

/** `email` as the sign-in reads it (flat or wrapped: signInFields). */
function signInEmail(req: Request): unknown {
  try {
    return signInFields(req).email;
  } catch {
    return undefined; // a wrapper of the wrong shape: the handler answers 400, the address still counts.
  }
}

/**
 * Sign-in attempts are counted whatever their outcome (OWASP: limit attempts,
 * not failures, so an attacker learns nothing from which attempts count and a
 * correct guess made while limited is refused too). A successful sign-in then
 * forgets its account's count, so someone who mistyped a few times starts
 * afresh; an attacker without the password never succeeds, so that gains them
 * nothing. The per-address count is never forgotten: a credential-stuffing
 * source that succeeds now and then must not get a fresh allowance.
 */
export const SIGN_IN: RateLimitedAction = {
  name: 'sign_in',
  limits: (config) => ({ account: config.rateLimits.signInAccount, ip: config.rateLimits.signInIp }),
  account: signInEmail,
  resetAccountOnSuccess: true,
};

/** Sign-ups per e-mail (probing which e-mails have accounts) and per address (mass sign-ups). */
export const SIGN_UP: RateLimitedAction = {
  name: 'sign_up',
  limits: (config) => ({ account: config.rateLimits.signUpAccount, ip: config.rateLimits.signUpIp }),
  account: (req) => {
    try {
      return readParamGroup(req, 'user').email;
    } catch {
      return undefined; // `user` of the wrong shape: the handler answers 400, the address still counts.
    }
  },
};

/**
 * Password reset and confirmation mail requests per e-mail (mail bombing one
 * mailbox) and per address (probing many), counted whatever the outcome.
 */
export const ACCOUNT_MAIL_REQUEST: RateLimitedAction = {
  name: 'account_mail',
  limits: (config) => ({ account: config.rateLimits.accountMailAccount, ip: config.rateLimits.accountMailIp }),
  account: (req) => {
    try {
      return readParamGroup(req, 'user').email;
    } catch {
      return undefined; // `user` of the wrong shape: the handler answers 400, the address still counts.
    }
  },
};
