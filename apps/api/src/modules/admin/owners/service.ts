/**
 * What one owner does for another: reset her second factor when she lost her phone.
 * In one transaction holding her row: the authenticator and recovery codes removed, her sessions
 * ended, the audit entry written and an e-mail queued to her, so a reset she did not ask for is
 * never silent.
 */
import { eq } from 'drizzle-orm';
import {
  OWNER_NOT_FOUND,
  SECOND_FACTOR_RESET_DONE,
  SECOND_FACTOR_RESET_SELF,
} from '@semijoias/domain/second-factor';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema.js';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { sessionsEnded } from '../../../lib/authenticate.js';
import { enqueueEmail } from '../../mail/index.js';
import { removeSecondFactor, secondFactorResetEmail } from '../../second-factor/index.js';
import { writeAudit } from '../audit.js';
import type { Owner } from '../../owner-access/index.js';

export function createAdminOwnerService(opts: {
  db: Db;
  adminEmails: readonly string[];
  publicUrl: string;
  wakeOutbox: () => void;
}) {
  const { db, adminEmails } = opts;
  return {
    /** POST /api/admin/donos/{id}/segundo-fator/redefinir/. */
    async resetSecondFactor(actor: Owner, id: number): Promise<{ message: string }> {
      // Her own would let a stolen session (password and phone) lock the owner out of her
      // account for good: the other owner, who knows her, does it.
      if (id === actor.id) throw new ConflictError(SECOND_FACTOR_RESET_SELF);
      await db.transaction(async (tx) => {
        const [target] = await tx
          .select({
            email: users.email,
            firstName: users.firstName,
            role: users.role,
            anonymizedAt: users.anonymizedAt,
          })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        const isOwner =
          target !== undefined &&
          target.role === 'owner' &&
          target.anonymizedAt === null &&
          adminEmails.includes(target.email);
        if (!isOwner) throw new NotFoundError(OWNER_NOT_FOUND);
        const had = await removeSecondFactor(tx, id);
        await writeAudit(tx, actor, {
          action: 'owner.second_factor_reset',
          entityType: 'customer',
          entityId: id,
          summary: `Segundo fator da administradora #${id} redefinido; as sessões dela foram encerradas`,
          before: { segundo_fator: had },
          after: { segundo_fator: false },
        });
        await enqueueEmail(
          tx,
          secondFactorResetEmail({
            to: target.email,
            firstName: target.firstName,
            publicUrl: opts.publicUrl,
            at: new Date(),
            by: actor.name,
          }),
        );
      });
      sessionsEnded(db, id);
      opts.wakeOutbox();
      return { message: SECOND_FACTOR_RESET_DONE };
    },
  };
}
