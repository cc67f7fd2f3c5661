/** Reported posts as the BFF returns them (engagement-rest.md), by hand until schema.d.ts holds them. */
import type { Person, Post } from '../community/types'

export interface ReportReason {
  _id: string
  reporter: Person
  reason: string
  createdAt: number
}

export interface ReportedPost {
  /** The post's id. */
  _id: string
  post: Post
  communityName: string
  /** Open reports. */
  reportsCount: number
  /** The 5 newest. */
  reasons: ReportReason[]
  lastReportedAt: number
}
