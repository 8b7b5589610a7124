import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CommandBus } from './commandBus.js';

declare module 'fastify' {
  interface FastifyInstance {
    commandBus: CommandBus;
  }
}

export const commandBusPlugin = fp(
  (fastify: FastifyInstance, options: { commandBus: CommandBus }, done: (err?: Error) => void) => {
    fastify.decorate('commandBus', options.commandBus);
    done();
  },
  { name: 'allot-command-bus', fastify: '5.x' },
);
