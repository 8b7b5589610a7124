import type { CommandBus } from '../commandHandling/commandBus.js';
import type { DirectoryUser, LoginIdentity, UserDirectory } from '../identity/userDirectory.js';

export interface LoginUser extends DirectoryUser {
  isActive: boolean;
}

export interface ReadModelUserDirectoryOptions {
  /** The one user this identity belongs to (the users read model), or null. */
  findUserByLogin(identity: LoginIdentity): Promise<LoginUser | null>;
  bus: Pick<CommandBus, 'execute'>;
}

/**
 * Sign-in's UserDirectory over the read models: only an active user signs in, and each sign-in
 * records the user's lastLoginAt through the ordinary user update command (actor: the user).
 */
export function createReadModelUserDirectory(
  options: ReadModelUserDirectoryOptions,
): UserDirectory {
  return {
    async findByLogin(identity) {
      const user = await options.findUserByLogin(identity);
      return user?.isActive ? { id: user.id, displayName: user.displayName } : null;
    },
    async recordLogin(userId, at) {
      await options.bus.execute(
        'UpdateUser',
        { id: userId, lastLoginAt: at.toISOString() },
        { actorId: userId, now: at },
      );
    },
    async endSession(userId, sid) {
      await options.bus.execute('EndSession', { userId, sid }, { actorId: userId });
    },
  };
}
