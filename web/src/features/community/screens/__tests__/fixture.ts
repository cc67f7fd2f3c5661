/** Communities, posts and comments as the BFF answers them (engagement-rest.md). */
export const at = new Date(2026, 10, 2, 9, 30).getTime()

export const admin = { _id: 'platform', type: 'admin' as const, name: 'Giving Platform', avatar: '' }
export const donor = (id: string, name: string) => ({ _id: id, type: 'donor' as const, name, avatar: '' })

export const garden = {
  _id: 'c1',
  name: 'Garden Friends',
  description: '<p>We grow food.</p>',
  coverImage: 'cover.png',
  gallery: ['g1.png'],
  charityIds: ['n1'],
  causeIds: ['k1'],
  charities: [{ _id: 'n1', name: 'Seed Bank' }],
  causes: [{ _id: 'k1', name: 'Hunger' }],
  address: '1 Main St',
  city: '',
  state: '',
  country: '',
  cityId: '',
  stateId: '',
  countryId: '',
  zipCode: '',
  privacy: 'public' as const,
  creator: admin,
  membersCount: 3,
  postsCount: 2,
  isHidden: false,
  isDeleted: false,
  deletedAt: null,
  createdAt: at,
  updatedAt: at,
}

export const chess = { ...garden, _id: 'c2', name: 'Chess Club', isHidden: true, membersCount: 0, postsCount: 0 }

export function post(id: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    communityId: 'c1',
    communityName: 'Garden Friends',
    author: donor(`d-${id}`, `Author ${id}`),
    text,
    images: [],
    likesCount: 1,
    commentsCount: 0,
    reportsCount: 0,
    isActive: true,
    likedByAdmin: false,
    createdAt: at,
    ...extra,
  }
}

export function comment(id: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    postId: 'p1',
    parentId: null,
    author: donor(`d-${id}`, `Commenter ${id}`),
    text,
    likesCount: 0,
    likedByAdmin: false,
    createdAt: at,
    repliesCount: 0,
    replies: [],
    ...extra,
  }
}
