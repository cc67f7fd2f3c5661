/**
 * Communities, their members and posts as the BFF returns them (engagement-rest.md), written by
 * hand from the contract until the generated web/src/api/schema.d.ts holds them. Ids are `_id`,
 * times epoch milliseconds.
 */

/** A member, author or reporter: a donor, or the platform's admin account. */
export interface Person {
  _id: string
  type: 'donor' | 'admin'
  name: string
  avatar: string
}

export interface NamedRef {
  _id: string
  name: string
}

export type Privacy = 'public' | 'private'

export interface Community {
  _id: string
  name: string
  /** Rich html, sanitised by the service. */
  description: string
  coverImage: string
  gallery: string[]
  charityIds: string[]
  causeIds: string[]
  charities: NamedRef[]
  causes: NamedRef[]
  address: string
  city: string
  state: string
  country: string
  cityId: string
  stateId: string
  countryId: string
  zipCode: string
  privacy: Privacy
  creator: Person
  membersCount: number
  postsCount: number
  isHidden: boolean
  isDeleted: boolean
  deletedAt: number | null
  createdAt: number
  updatedAt: number
}

/** The body of POST create and PATCH update/{id}. */
export type CommunityInput = Pick<
  Community,
  | 'name'
  | 'description'
  | 'coverImage'
  | 'gallery'
  | 'charityIds'
  | 'causeIds'
  | 'address'
  | 'city'
  | 'state'
  | 'country'
  | 'cityId'
  | 'stateId'
  | 'countryId'
  | 'zipCode'
  | 'privacy'
>

export interface CommunityMember {
  _id: string
  donorId: string
  name: string
  email: string
  avatar: string
  joinedAt: number
}

export interface Post {
  _id: string
  communityId: string
  communityName: string
  author: Person
  text: string
  images: string[]
  likesCount: number
  commentsCount: number
  reportsCount: number
  isActive: boolean
  likedByAdmin: boolean
  createdAt: number
}

export interface Comment {
  _id: string
  postId: string
  parentId: string | null
  author: Person
  text: string
  likesCount: number
  likedByAdmin: boolean
  createdAt: number
  repliesCount: number
  /** Top-level comments only: their replies, oldest first (at most 20). */
  replies: Comment[]
}

/** What a like or an unlike answers. */
export interface LikeState {
  liked: boolean
  likesCount: number
}
