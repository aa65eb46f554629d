// GET /health and GET /settings, with GoTrue's shapes: only the email provider is on.
import { sendJson } from '../http.ts';
import type { RouteHandler } from './route.ts';

const providers = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos',
  'twitch', 'twitter', 'email', 'phone', 'zoom',
];

export const health: RouteHandler = async ({ res }) => {
  sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
};

export const settings: RouteHandler = async ({ res, deps }) => {
  sendJson(res, 200, {
    external: Object.fromEntries(providers.map((name) => [name, name === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: deps.context.settings.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
};
