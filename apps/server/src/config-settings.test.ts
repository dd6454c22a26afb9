import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { senderAddressOf, senderNameOf } from './config-settings.js';

describe('site settings from the environment (issue 34, item 2)', () => {
  it('takes only the variables set, checked as the console checks them', () => {
    expect(loadConfig({}).settingsFromEnvironment).toEqual({});
    expect(
      loadConfig({
        SITE_NAME: ' Harbour Jobs ',
        SITE_ACCENT_COLOR: '#AA3300',
        POSTS_PER_DAY: '7',
        SIGN_IN_METHODS: 'google, password',
        MAIL_FROM: 'Harbour <jobs@harbour.example>',
      }).settingsFromEnvironment,
    ).toEqual({
      siteName: 'Harbour Jobs',
      accentColor: '#aa3300',
      postsPerDay: 7,
      signInMethods: ['google', 'password'],
      mailSenderName: 'Harbour',
    });
  });

  it('refuses at start a value the console would refuse, naming the variable', () => {
    expect(() => loadConfig({ SITE_ACCENT_COLOR: 'red' })).toThrow(/SITE_ACCENT_COLOR: accentColor must be a colour/);
    expect(() => loadConfig({ SITE_LOGO_URL: 'javascript:alert(1)' })).toThrow(/SITE_LOGO_URL/);
    expect(() => loadConfig({ SIGN_IN_METHODS: 'fax' })).toThrow(/SIGN_IN_METHODS/);
    expect(() => loadConfig({ JOB_DURATION_DAYS: '0' })).toThrow(/JOB_DURATION_DAYS/);
  });

  it("reads MAIL_FROM's name and address", () => {
    expect(senderNameOf('"Jobs, Inc." <a@b.example>')).toBe('Jobs, Inc.');
    expect(senderNameOf('a@b.example')).toBe('Jobboard');
    expect(senderAddressOf('Jobboard <no-reply@jobboard.local>')).toBe('no-reply@jobboard.local');
    expect(senderAddressOf('a@b.example')).toBe('a@b.example');
  });
});
