/** Leadership entries as the BFF returns them (generated; module /content_management/leadership). */
import type { components } from '../../api/schema'

/** Body of addLeadership and updateLeadership/{id} (photo: a stored file name; biography: rich text). */
export type LeadershipInput = Required<components['schemas']['LeadershipInput']>

/** An entry (times in epoch milliseconds). */
export type Leadership = components['schemas']['Leadership']
