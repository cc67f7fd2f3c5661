/**
 * Communities, their members, posts and comments as the BFF returns them (generated from
 * /api-docs/openapi.json, module /community; engagement-rest.md). Ids are `_id`, times epoch
 * milliseconds; a person (author, creator) may be null when the answer leaves it out.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

/** A member, author or reporter: a donor, or the platform's admin account (`type` 'donor' | 'admin'). */
export type Person = Schemas['Person']

export type NamedRef = Schemas['EngagementNamedRef']

/** What the form offers; the answer's `privacy` is plain text. */
export type Privacy = 'public' | 'private'

export type Community = Schemas['Community']

/** The body of POST create and PATCH update/{id} (the form sends every field). */
export type CommunityInput = Required<Schemas['CommunityInput']>

export type CommunityMember = Schemas['CommunityMember']

export type Post = Schemas['Post']

/** A comment; a top-level one carries its replies (oldest first, at most 20). */
export type Comment = Schemas['Comment']

/** What a like or an unlike answers. */
export type LikeState = Schemas['LikeResult']
