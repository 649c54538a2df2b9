import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accessTokens } from '../db/schema/users.ts';

// Bearer tokens: 32 random bytes shown once to the client; only their SHA-256 is stored, so
// the table alone cannot be replayed. Tokens expire and are revoked on logout.

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type IssuedToken = { accessToken: string; expiresAt: Date };

export async function issueToken(
  db: Db,
  grant: { userId: number; clientId: string; ttlHours: number; ip?: string; userAgent?: string },
): Promise<IssuedToken> {
  const accessToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + grant.ttlHours * 3_600_000);
  await db.insert(accessTokens).values({
    userId: grant.userId,
    tokenHash: hashToken(accessToken),
    clientId: grant.clientId,
    expiresAt,
    ip: grant.ip?.slice(0, 64),
    userAgent: grant.userAgent?.slice(0, 255),
  });
  return { accessToken, expiresAt };
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}

/** Ends every session of a user (deactivation, password change by an admin). */
export async function revokeUserTokens(db: Db | Tx, userId: number): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** Ends every other session of a user, keeping the one making the request (own password change). */
export async function revokeOtherTokens(
  db: Db | Tx,
  userId: number,
  keepTokenId: number,
): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accessTokens.userId, userId),
        ne(accessTokens.id, keepTokenId),
        isNull(accessTokens.revokedAt),
      ),
    );
}
