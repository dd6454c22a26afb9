import { describe, expect, it } from 'vitest';
import { describeValidation } from './error-handler.js';
import { AppError, STATUS_BY_CODE, errorBody, isDatabaseUnavailable, isUniqueViolation } from './errors.js';
import { isId, parseId } from './ids.js';

describe('AppError', () => {
  it('maps each code to its status through the one table', () => {
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      expect(new AppError(code as keyof typeof STATUS_BY_CODE, 'x').statusCode).toBe(status);
    }
    expect(new AppError('forbidden', 'no').statusCode).toBe(403);
  });
  it('builds the error body', () => {
    expect(errorBody(404, 'Not found')).toEqual({ success: false, statusCode: 404, message: 'Not found' });
  });
});

describe('isUniqueViolation', () => {
  it('recognises 23505, by constraint name or message', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'users_email_key' }, 'users_email_key')).toBe(true);
    expect(isUniqueViolation({ code: '23505', message: 'violates "users_email_key"' }, 'users_email_key')).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'users_username_key' }, 'users_email_key')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures only', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error at or near "SELEC"'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('parseId', () => {
  it('accepts a uuid in any case and answers it lower-cased', () => {
    expect(parseId('123E4567-E89B-12D3-A456-426614174000', 'nope')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(isId('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
  });
  it.each([
    'not-an-id',
    '',
    '123e4567e89b12d3a456426614174000',
    '123e4567-e89b-12d3-a456-42661417400g',
    ' 123e4567-e89b-12d3-a456-426614174000',
  ])('refuses %j with a 404 carrying the given message', (value) => {
    expect(() => parseId(value, 'Job not found')).toThrow(AppError);
    try {
      parseId(value, 'Job not found');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 404, message: 'Job not found' });
    }
    expect(isId(value)).toBe(false);
  });
  it('isId refuses non-strings', () => {
    expect(isId(42)).toBe(false);
    expect(isId(null)).toBe(false);
  });
});

describe('describeValidation', () => {
  it('names each field once, with its message', () => {
    expect(
      describeValidation(
        [
          { instancePath: '/jobTitle', message: 'Job title is required' },
          { instancePath: '/skills/0/value', message: 'bad skill' },
          { instancePath: '/jobTitle', message: 'Job title is required' },
        ],
        'body',
      ),
    ).toBe('jobTitle: Job title is required; skills.0.value: bad skill');
  });
  it('says what is wrong with a body that is not an object', () => {
    expect(
      describeValidation([{ instancePath: '', message: 'Invalid input: expected object, received array' }], 'body'),
    ).toBe('Request body must be a JSON object');
    expect(describeValidation([{ instancePath: '', message: 'expected object' }], 'querystring')).toBe(
      'The querystring is invalid',
    );
  });
});
