/** Rows of a request's details (DecisionCard): its website, its verification and its rejection's reason. */
import type { ReactNode } from 'react'
import { Tag } from 'antd'
import { TextLink } from './Text'

/** One row of the details. */
export interface DetailItem {
  key: string
  label: string
  children: ReactNode
  span?: number
}

export type Verification = 'Pending' | 'Approve' | 'Reject'

const VERIFICATION: Record<Verification, { label: string; color: string }> = {
  Pending: { label: 'Pending', color: 'gold' },
  Approve: { label: 'Approved', color: 'green' },
  Reject: { label: 'Rejected', color: 'red' },
}

/** The website as a link opening in a new tab, or '-'. */
export function websiteItem(website: string | null | undefined): DetailItem {
  return {
    key: 'website',
    label: 'Website',
    children: website ? (
      <TextLink href={website} target="_blank" rel="noopener noreferrer">
        {website}
      </TextLink>
    ) : (
      '-'
    ),
  }
}

/** Where the request stands, as a tag (an unknown state reads Pending). */
export function verificationItem(verification: Verification): DetailItem {
  const shown = VERIFICATION[verification] ?? VERIFICATION.Pending
  return { key: 'verification', label: 'Verification', children: <Tag color={shown.color}>{shown.label}</Tag> }
}

/** Why it was rejected (the whole row wide), for a rejected request only. */
export function rejectReasonItems(verification: Verification, reason: string | null | undefined): DetailItem[] {
  return verification === 'Reject'
    ? [{ key: 'rejectReason', label: 'Rejected Reason', children: reason || '-', span: 2 }]
    : []
}
