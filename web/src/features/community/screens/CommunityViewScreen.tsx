/**
 * /community/Community_view/:id: the community's details (cover, gallery, description, the
 * nonprofits and causes it supports, place, privacy, creator, counts), its members (paged,
 * searchable) and its posts feed in two tabs, Active and Inactive (components/PostFeed).
 */
import { lazy, Suspense, useState } from 'react'
import { Button, Descriptions, Image, Skeleton, Space, Spin, Tabs, Tag } from 'antd'
import { Card } from '../../../components/Card'
import type { ColumnsType } from 'antd/es/table'
import { useNavigate, useParams } from 'react-router'
import { MediaImage } from '../../../components/MediaImage'
import { DataTable } from '../../../components/DataTable'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { RichTextView } from '../../../components/RichTextView'
import { SearchBox } from '../../../components/SearchBox'
import { formatDate, formatNumber } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { getCommunity, listCommunityMembers } from '../api/community'
import { PersonLine } from '../../../components/PersonLine'
import { COMMUNITY_MEDIA_MODULE } from '../constants'
import { communityPlace, privacyLabel } from '../names'
import type { CommunityMember } from '../types'

// The feed (posts, their comments and the comment form) sits under the details and the
// members: it is fetched after them, so the screen's first load keeps its budget.
const PostFeed = lazy(() => import('../components/PostFeed').then((m) => ({ default: m.PostFeed })))

const dash = (value: string | null | undefined) => value || '-'

const MEMBER_COLUMNS: ColumnsType<CommunityMember> = [
  { title: 'Name', key: 'name', render: (_, m) => <PersonLine person={m} size={28} /> },
  { title: 'Email', key: 'email', dataIndex: 'email' },
  { title: 'Joined', key: 'joinedAt', render: (_, m) => formatDate(m.joinedAt) },
]

type FeedTab = 'active' | 'inactive'

export default function CommunityViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { can } = useAccess()
  const meta = useMetaData()
  const [memberSearch, setMemberSearch] = useState('')
  const [feed, setFeed] = useState<FeedTab>('active')
  const { value: community, error } = useRecord(['community', id], () => getCommunity(id))
  const canEdit = can(SLUGS.community, 'edit')

  const back = <Button onClick={() => navigate(listUrl(paths.communityList()))}>Back</Button>
  if (error) return <LoadState title="Community Details" error={error} back={back} />

  const feedOf = (active: boolean) => (
    <Suspense fallback={<Spin />}>
      <PostFeed communityId={id} active={active} canEdit={canEdit} />
    </Suspense>
  )

  const image = (name: string) => mediaFileUrl(meta, COMMUNITY_MEDIA_MODULE, name)

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={community ? community.name : 'Community Details'}
        extra={
          <Space wrap>
            {canEdit && community && !community.isDeleted && <EditButton to={paths.communityEdit(id)} />}
            {back}
          </Space>
        }
      >
        {!community ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {community.coverImage && (
              <Image
                fallback={meta?.placeholder || undefined}
                src={image(community.coverImage)}
                alt={`${community.name} cover`}
                style={{ maxHeight: 240, maxWidth: '100%', objectFit: 'cover', borderRadius: 8 }}
              />
            )}
            <Space wrap>
              {community.isDeleted && <Tag color="red">Deleted</Tag>}
              {community.isHidden && <Tag color="orange">Hidden</Tag>}
              <Tag>{privacyLabel(community.privacy)}</Tag>
            </Space>
            <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }}>
              <Descriptions.Item label="Community Name">{community.name}</Descriptions.Item>
              <Descriptions.Item label="Privacy">{privacyLabel(community.privacy)}</Descriptions.Item>
              <Descriptions.Item label="Members">{formatNumber(community.membersCount)}</Descriptions.Item>
              <Descriptions.Item label="Posts">{formatNumber(community.postsCount)}</Descriptions.Item>
              <Descriptions.Item label="Created By">{dash(community.creator?.name)}</Descriptions.Item>
              <Descriptions.Item label="Created">{formatDate(community.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="Nonprofits" span={2}>
                {community.charities?.length ? community.charities.map((c) => <Tag key={c._id}>{c.name}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="Causes" span={2}>
                {community.causes?.length ? community.causes.map((c) => <Tag key={c._id}>{c.name}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="Address" span={2}>
                {dash([community.address, communityPlace(community), community.zipCode].filter(Boolean).join(', '))}
              </Descriptions.Item>
              <Descriptions.Item label="Description" span={2}>
                <RichTextView html={community.description} />
              </Descriptions.Item>
            </Descriptions>
            {community.gallery?.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap role="group" aria-label="Gallery">
                  {community.gallery.map((name, i) => (
                    <MediaImage
                      key={name}
                      moduleName={COMMUNITY_MEDIA_MODULE}
                      name={name}
                      width={120}
                      height={90}
                      alt={`Gallery image ${i + 1}`}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </Space>
        )}
      </Card>

      <Card title="Members">
        <div style={{ marginBottom: 16 }}>
          <SearchBox placeholder="Search by Name or Email" applied={memberSearch} onSearch={setMemberSearch} />
        </div>
        <DataTable<CommunityMember>
          empty="No members yet: donors who join this community show here"
          aria-label="Members"
          queryKey={['community', 'members', id]}
          search={memberSearch}
          columns={MEMBER_COLUMNS}
          fetch={(query) => listCommunityMembers(id, query)}
        />
      </Card>

      <Card title="Posts">
        <Tabs
          activeKey={feed}
          onChange={(key) => setFeed(key as FeedTab)}
          items={[
            {
              key: 'active',
              label: 'Active',
              children: feed === 'active' && feedOf(true),
            },
            {
              key: 'inactive',
              label: 'Inactive',
              children: feed === 'inactive' && feedOf(false),
            },
          ]}
        />
      </Card>
    </Space>
  )
}
