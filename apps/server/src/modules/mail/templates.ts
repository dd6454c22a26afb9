import type { OutgoingMail } from './transports.js';

/** Every e-mail the accounts send, in plain text: short, with the one link that matters on a line of its own. */

export function verifyEmailMail(to: string, name: string, link: string, isChange: boolean): OutgoingMail {
  return {
    to,
    subject: isChange ? 'Confirm your new e-mail address for Jobboard' : 'Confirm your e-mail address for Jobboard',
    text: [
      `Hello ${name},`,
      '',
      isChange
        ? 'You asked to use this address for your Jobboard account. Open this link to confirm it:'
        : 'Welcome to Jobboard. Open this link to confirm your e-mail address:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If this was not you, ignore this e-mail.',
    ].join('\n'),
  };
}

export function addressInUseMail(to: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to use your e-mail address on Jobboard',
    text: [
      'Someone asked to move their Jobboard account to this e-mail address, which another account already uses.',
      'Nothing was changed. If this was you, sign in with this address instead.',
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Jobboard password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (we hope you) asked to reset the password of your Jobboard account. Open this link to choose a new one:',
      '',
      link,
      '',
      'The link works once and expires in 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, name: string): OutgoingMail {
  return {
    to,
    subject: 'Your Jobboard password was changed',
    text: [
      `Hello ${name},`,
      '',
      'The password of your Jobboard account was just changed, and every other session was signed out.',
      'If this was not you, reset your password at once with "Forgot password?" on the sign-in page.',
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, name: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your Jobboard e-mail address was changed',
    text: [
      `Hello ${name},`,
      '',
      `The e-mail address of your Jobboard account was changed from this address to ${newEmail}.`,
      'If this was not you, reply to this e-mail: your account may be in someone else\'s hands.',
    ].join('\n'),
  };
}
