/** Leadership entries as the BFF returns them (content-rest.md, module /content_management/leadership). */

/** Body of addLeadership and updateLeadership/{id}. */
export interface LeadershipInput {
  name: string
  title: string
  /** The stored file name of the photo. */
  photo: string
  /** Rich text. */
  biography: string
  /** Place on the page (0, 1, 2…). */
  order: number
  isActive: boolean
}

export interface Leadership extends LeadershipInput {
  _id: string
  /** Epoch milliseconds. */
  createdAt: number
  updatedAt: number
}
