import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { parseServerError } from './server-errors';

const FIELDS = ['name', 'username', 'email', 'password'] as const;

describe('server errors per field', () => {
  it('splits a 400 into messages beside each named field', () => {
    const error = new ApiError(
      400,
      'name: Name is required; username: Username is required; password: Password must be at least 8 characters',
    );
    expect(parseServerError(error, FIELDS)).toEqual({
      fields: {
        name: 'Name is required',
        username: 'Username is required',
        password: 'Password must be at least 8 characters',
      },
      form: null,
    });
  });

  it('keeps the first message of a field and gives unknown fields to the form, without the field name', () => {
    const error = new ApiError(
      400,
      'email: Email must be a valid email address; email: Email is required; avatar: Avatar must be a valid URL',
    );
    expect(parseServerError(error, FIELDS)).toEqual({
      fields: { email: 'Email must be a valid email address' },
      form: 'Avatar must be a valid URL',
    });
  });

  it('puts a taken username or email beside its field', () => {
    expect(parseServerError(new ApiError(409, 'This username is already taken'), FIELDS)).toEqual({
      fields: { username: 'This username is already taken' },
      form: null,
    });
    expect(parseServerError(new ApiError(409, 'An account with this email already exists'), FIELDS).fields).toEqual({
      email: 'An account with this email already exists',
    });
  });

  it('leaves errors of no field to the form (wrong password, server down, anything else)', () => {
    expect(parseServerError(new ApiError(401, 'Wrong email or password'), FIELDS)).toEqual({
      fields: {},
      form: 'Wrong email or password',
    });
    expect(parseServerError(new ApiError(400, 'The request body is not valid JSON'), FIELDS)).toEqual({
      fields: {},
      form: 'The request body is not valid JSON',
    });
    expect(parseServerError(new Error('boom'), FIELDS).form).toBe('boom');
  });
});
