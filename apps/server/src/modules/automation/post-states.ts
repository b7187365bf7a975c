// A post's states (contracts/automation.ts postTransitions): the one check of a transition and its audit entry, used
// by the people's actions (posts.service.ts) and the jobs that publish (publishing.ts).
import { mayTransition, type PostState, type PostTransition, postTransitions } from '@bottega/contracts/automation';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const postAuditEntity = 'automationPost';

/** The state a transition leads to, or 409 when the post's state does not allow it. */
export function nextState(state: PostState, transition: PostTransition): PostState {
  if (!mayTransition(state, transition)) throw new AppError('postStateRefused');
  return postTransitions[transition].to;
}

/** Who moved which post from which state to which (null: a job), and why. */
export async function auditPost(
  db: Executor,
  options: {
    actorId: number | null;
    postId: number;
    transition: PostTransition | 'create' | 'delete';
    from: PostState | null;
    to: PostState | null;
    reason?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await writeAudit(db, {
    actorId: options.actorId,
    action: options.transition,
    entity: postAuditEntity,
    entityId: options.postId,
    fromState: options.from,
    toState: options.to,
    reason: options.reason ?? null,
    data: options.data,
  });
}
