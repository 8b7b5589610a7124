import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ChangeSettingBody,
  FeatureFlagsAnswer,
  LOGO_UPLOAD_FIELD,
  MAX_LOGO_BYTES,
  SettingChanged,
  isKnownSetting,
} from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { requires } from '../authorization/routeRequirement.js';
import { NotFoundError, ValidationError } from '../errors/errors.js';
import { answerSchema } from '../http/answerSchema.js';
import { prepareLogo } from './logoFile.js';
import type { LiveFeatureFlags } from './featureFlagSettings.js';

const Params = z.object({ machineName: SettingChanged.shape.machineName });

/** Settings values are short; refuse big bodies before parsing them. */
const BODY_LIMIT = 64 * 1024;

export interface SettingsRoutesOptions {
  /** GET /api/settings/featureFlags answers each flag's default, stored and effective value. */
  featureFlags?: LiveFeatureFlags;
}

export function settingsRoutes(
  fastify: FastifyInstance,
  options: SettingsRoutesOptions,
  done: (err?: Error) => void,
): void {
  const live = options.featureFlags;
  if (live) {
    // For the System Settings page: which flags configuration sets and which a setting overrides.
    fastify.get(
      '/api/settings/featureFlags',
      { config: requires('read', 'Configuration'), ...answerSchema(FeatureFlagsAnswer) },
      async (request, reply) => {
        if (!request.session) {
          return reply
            .code(401)
            .send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
        }
        await live.refresh();
        return { flags: live.states() } satisfies FeatureFlagsAnswer;
      },
    );
  }
  fastify.put(
    '/api/settings/:machineName',
    { bodyLimit: BODY_LIMIT, config: requires('manage', 'Configuration') },
    async (request) => {
      const { machineName } = parseRequest(Params, request.params);
      // Settings are a known set: an unknown name is not stored, whatever its value.
      if (!isKnownSetting(machineName)) throw new NotFoundError('There is no such setting.');
      const { value } = parseRequest(ChangeSettingBody, request.body);
      return fastify.commandBus.execute(
        'ChangeSetting',
        { machineName, value },
        commandOptionsFor(request),
      );
    },
  );
  // Back to the default logo (the System Settings page's reset button).
  fastify.delete(
    '/api/settings/logo',
    { config: requires('manage', 'Configuration') },
    async (request) => fastify.commandBus.execute('ResetLogo', {}, commandOptionsFor(request)),
  );
  // Scoped to this plugin; a too-large file throws 413 from toBuffer before anything is stored.
  void fastify.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1 } });
  fastify.post(
    '/api/settings/upload/logo',
    { config: requires('manage', 'Configuration') },
    async (request) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file || file.fieldname !== LOGO_UPLOAD_FIELD) {
        throw new ValidationError(
          [{ field: LOGO_UPLOAD_FIELD, message: 'Required' }],
          `Send the logo as a multipart form with a field named ${LOGO_UPLOAD_FIELD}.`,
        );
      }
      const logo = await prepareLogo(await file.toBuffer());
      return fastify.commandBus.execute(
        'UploadLogo',
        { contentType: logo.contentType, dataBase64: Buffer.from(logo.bytes).toString('base64') },
        commandOptionsFor(request),
      );
    },
  );
  done();
}
