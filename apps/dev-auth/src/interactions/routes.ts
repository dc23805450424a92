import formbody from '@fastify/formbody';
import { findPrincipal, type Queryable } from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import {
  clientAllowed,
  policyRefusalMessage,
  revokeUserClientGrants,
} from '../grants/grant-store.js';
import { applyPageHeaders } from '../http/security-headers.js';
import { REFUSAL_MESSAGES } from '../provider/accounts.js';
import { interactionPath } from '../provider/configuration.js';
import { clientDisplay, consentRequest, consentScopes, grantConsent } from './consent.js';
import { type CsrfBinding, csrfToken, verifyCsrfToken } from './csrf.js';
import { consentPage, messagePage, refusalPage, signInPage } from './pages.js';
import { authenticate, INVALID_CREDENTIALS } from './sign-in.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  db: Queryable;
  issuer: string;
  mcpResource: string;
  /** The product web app's client id: the private beta does not gate it (SPEC section 9). */
  webClientId?: string | undefined;
  csrfSecret: Buffer;
  signInThrottle: SignInThrottle;
}

const UidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

const SignInBody = z.object({
  csrf: z.unknown().optional(),
  email: z.string().max(320).catch(''),
  password: z.string().max(1024).catch(''),
});

/** Why a consent ended in `access_denied`: the user said no, or said yes to nothing. */
const DENIED = {
  deny: 'The user denied access to Ask Analyst.',
  allow: 'The user granted Ask Analyst no permission.',
} as const;

const ConsentBody = z.object({
  csrf: z.unknown().optional(),
  decision: z.enum(['allow', 'deny']).catch('deny'),
  scope: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => new Set(value === undefined ? [] : [value].flat())),
});

const EXPIRED =
  'This sign-in request has expired or was already used. Return to your application and connect again.';

class PageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The sign-in and consent pages (SPEC section 3), rendered here and finished through the provider's
 * interaction API. Both forms carry a CSRF token bound to the interaction and refuse cross-origin
 * posts; every page forbids framing.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  options: InteractionRoutesOptions,
): Promise<void> {
  const { provider, db } = options;
  const issuerOrigin = new URL(options.issuer).origin;

  const load = async (request: FastifyRequest, reply: FastifyReply): Promise<Interaction> => {
    const { uid } = parse(UidParams, request.params);
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== uid) throw new PageError(400, 'Request expired', EXPIRED);
    return interaction;
  };

  const binding = (interaction: Interaction, form: CsrfBinding['form']): CsrfBinding => ({
    uid: interaction.uid,
    cid: interaction.cid,
    form,
  });

  const checkPost = (
    request: FastifyRequest,
    interaction: Interaction,
    form: CsrfBinding['form'],
    csrf: unknown,
  ) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== issuerOrigin) {
      throw new PageError(403, 'Request refused', 'This form can only be sent from this site.');
    }
    if (!verifyCsrfToken(options.csrfSecret, binding(interaction, form), csrf)) {
      throw new PageError(
        403,
        'Request refused',
        'This form has expired. Go back, reload the page and try again.',
      );
    }
  };

  const renderSignIn = async (interaction: Interaction, error?: string) =>
    signInPage({
      action: `${interactionPath(interaction.uid)}/login`,
      csrf: csrfToken(options.csrfSecret, binding(interaction, 'login')),
      client: await clientDisplay(provider, String(interaction.params.client_id)),
      error,
    });

  const renderConsent = async (interaction: Interaction) => {
    const request = consentRequest(interaction);
    const principal = interaction.session
      ? await findPrincipal(db, interaction.session.accountId)
      : null;
    const indicators = Object.keys(request.resourceScopes);
    return consentPage({
      action: `${interactionPath(interaction.uid)}/consent`,
      csrf: csrfToken(options.csrfSecret, binding(interaction, 'consent')),
      client: await clientDisplay(provider, String(interaction.params.client_id)),
      userEmail: principal?.email ?? 'you',
      resources: indicators.map((identifier) => ({
        name: identifier === options.mcpResource ? 'Ask Analyst (MCP server)' : identifier,
        identifier,
      })),
      scopes: consentScopes(request),
    });
  };

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    scope.addHook('onRequest', async (_request, reply) => applyPageHeaders(reply));
    scope.setErrorHandler(async (error, request, reply) => {
      const page = toPageError(error);
      if (page.statusCode >= 500) request.log.error({ err: error }, 'interaction failed');
      return reply
        .code(page.statusCode)
        .type('text/html; charset=utf-8')
        .send(messagePage({ title: page.title, message: page.message }));
    });

    scope.get('/interaction/:uid', async (request, reply) => {
      const interaction = await load(request, reply);
      const body =
        interaction.prompt.name === 'login'
          ? await renderSignIn(interaction)
          : interaction.prompt.name === 'consent'
            ? await renderConsent(interaction)
            : null;
      if (body === null) throw new PageError(400, 'Request expired', EXPIRED);
      return reply.type('text/html; charset=utf-8').send(body);
    });

    scope.post('/interaction/:uid/login', async (request, reply) => {
      const interaction = await load(request, reply);
      const body = parse(SignInBody, request.body ?? {});
      checkPost(request, interaction, 'login', body.csrf);
      if (interaction.prompt.name !== 'login') throw new PageError(400, 'Request expired', EXPIRED);

      const account = body.email.trim().toLowerCase();
      const verdict = options.signInThrottle.check(account, request.ip);
      if (!verdict.allowed) {
        const wait = verdict.retryAfterSeconds;
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .type('text/html; charset=utf-8')
          .send(
            await renderSignIn(
              interaction,
              `Too many failed sign-in attempts. Try again in ${waitInWords(wait)}.`,
            ),
          );
      }

      let outcome = await authenticate(db, body.email, body.password);
      // The private beta is a beta of the MCP service: the web app's users sign in regardless.
      if (
        outcome.kind === 'refused' &&
        outcome.reason === 'not_enrolled' &&
        options.webClientId !== undefined &&
        interaction.params.client_id === options.webClientId
      ) {
        const principal = await findPrincipal(db, outcome.userId);
        if (principal) outcome = { kind: 'signed-in', principal };
      }
      if (outcome.kind === 'invalid') {
        options.signInThrottle.failed(account, request.ip);
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .send(await renderSignIn(interaction, INVALID_CREDENTIALS));
      }
      // The right password: whatever follows (a refusal included), this pair's failures are forgotten.
      options.signInThrottle.succeeded(account, request.ip);
      if (outcome.kind === 'refused') {
        const message = REFUSAL_MESSAGES[outcome.reason];
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: message },
          { mergeWithLastSubmission: false },
        );
        request.log.info({ reason: outcome.reason }, 'sign-in refused');
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(refusalPage({ message, returnTo }));
      }
      // The organization's client policy (SPEC section 9), said on the page and to the client.
      const clientId = String(interaction.params.client_id);
      const admitted = await clientAllowed(
        db,
        outcome.principal.orgId,
        clientId,
        options.webClientId,
      );
      if (!admitted.allowed) {
        const client = await clientDisplay(provider, clientId);
        const message = policyRefusalMessage(admitted.policy, client.name);
        await revokeUserClientGrants(db, outcome.principal.userId, clientId);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: message },
          { mergeWithLastSubmission: false },
        );
        request.log.info({ reason: 'client_policy', clientId }, 'sign-in refused');
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(refusalPage({ message, returnTo }));
      }
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: outcome.principal.userId, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });

    scope.post('/interaction/:uid/consent', async (request, reply) => {
      const interaction = await load(request, reply);
      const body = parse(ConsentBody, request.body ?? {});
      checkPost(request, interaction, 'consent', body.csrf);
      if (interaction.prompt.name !== 'consent')
        throw new PageError(400, 'Request expired', EXPIRED);

      const grantId =
        body.decision === 'deny' ? null : await grantConsent(provider, interaction, body.scope);
      const returnTo =
        grantId === null
          ? await provider.interactionResult(
              request.raw,
              reply.raw,
              { error: 'access_denied', error_description: DENIED[body.decision] },
              { mergeWithLastSubmission: false },
            )
          : await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
      return reply.redirect(returnTo, 303);
    });
  });
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new PageError(400, 'Bad request', 'The request could not be understood.');
  return result.data;
}

function toPageError(error: unknown): PageError {
  if (error instanceof PageError) return error;
  if (error instanceof Error && error.name === 'SessionNotFound') {
    return new PageError(400, 'Request expired', EXPIRED);
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new PageError(status, 'Bad request', 'The request could not be understood.');
  }
  return new PageError(500, 'Something went wrong', 'Something went wrong on our side. Try again.');
}
