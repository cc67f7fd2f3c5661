/**
 * /community: searchable, sortable, server-paged communities; a tab for the deleted ones (the
 * deleted filter). Each row: the hide switch (asks first), view, edit, and delete or, among the
 * deleted, restore (both ask first; SPEC section 4: the same call toggles), as the Community
 * module's rights allow.
 */
import { useMemo } from 'react'
import { Avatar, Switch, Tabs, Tag } from 'antd'
import { PictureOutlined } from '@ant-design/icons'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { columnsOf, dateColumn, deletedTabColumns } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { formatNumber } from '../../../lib/format'
import { useListTab } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteCommunity, hideCommunity, listCommunities } from '../api/community'
import { COMMUNITY_MEDIA_MODULE } from '../constants'
import { communityName, privacyLabel } from '../names'
import type { Community } from '../types'

const MODULE = SLUGS.community

type TabKey = 'all' | 'deleted'
const TAB_KEYS: readonly TabKey[] = ['all', 'deleted']
const TABS = [
  { key: 'all', label: 'Communities' },
  { key: 'deleted', label: 'Deleted' },
]

export const HIDE_TITLE = 'Are you sure you want to Hide this community ?'
export const UNHIDE_TITLE = 'Are you sure you want to Unhide this community ?'

/** The filter the list of communities not deleted adds to its query (a bulk job walks the same). */
const LIVE = { isDeleted: false }
const listAll = (query: TableQuery) => listCommunities({ ...query, ...LIVE })
const listDeleted = (query: TableQuery) => listCommunities({ ...query, isDeleted: true })

export default function CommunityListScreen() {
  const { canAdd, canEdit, canDelete } = useRights(MODULE)
  const meta = useMetaData()
  const refresh = useRefresh('community')
  const [tab, setTab] = useListTab<TabKey>(TAB_KEYS, 'all')
  const deleted = tab === 'deleted'
  const { ask, dialog } = useConfirmAction()

  const columns = useMemo(
    () =>
      columnsOf<Community>(
        {
          title: 'Community Name',
          key: 'name',
          sorter: true,
          render: (_, row) => (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <Avatar
                shape="square"
                size={40}
                icon={<PictureOutlined />}
                src={row.coverImage ? mediaFileUrl(meta, COMMUNITY_MEDIA_MODULE, row.coverImage) : undefined}
                alt=""
              />
              {row.name}
            </span>
          ),
        },
        { title: 'Privacy', key: 'privacy', render: (_, row) => privacyLabel(row.privacy) },
        {
          title: 'Members',
          key: 'membersCount',
          sorter: true,
          align: 'right',
          render: (_, row) => formatNumber(row.membersCount),
        },
        {
          title: 'Posts',
          key: 'postsCount',
          sorter: true,
          align: 'right',
          render: (_, row) => formatNumber(row.postsCount),
        },
        dateColumn('Created', 'createdAt'),
        deleted && {
          title: 'Deleted',
          key: 'deletedAt',
          render: (_, row) => <Tag color="red">{row.deletedAt ? 'Deleted' : '-'}</Tag>,
        },
        !deleted &&
          canEdit && {
            title: 'Hidden',
            key: 'isHidden',
            render: (_, row) => (
              <Switch
                aria-label={`Hide ${row.name}`}
                checked={row.isHidden}
                checkedChildren="Hidden"
                unCheckedChildren="Shown"
                onChange={() =>
                  ask({
                    title: row.isHidden ? UNHIDE_TITLE : HIDE_TITLE,
                    text: row.name,
                    run: () => hideCommunity(row._id, !row.isHidden),
                    after: () => void refresh(),
                  })
                }
              />
            ),
          },
        ...deletedTabColumns<Community>({
          nameOf: communityName,
          deleted,
          canEdit,
          canDelete,
          view: (row) => paths.communityView(row._id),
          edit: (row) => paths.communityEdit(row._id),
          setDeleted: (row, isDeleted) => deleteCommunity(row._id, isDeleted),
          ask,
          after: () => void refresh(),
          trash: MODULE,
        }),
      ),
    [meta, deleted, canEdit, canDelete, ask, refresh],
  )

  return (
    <ListCard<Community>
      empty="No communities yet: communities donors create show here"
      title="Community Management"
      add={canAdd && { label: 'Add Community', to: paths.communityAdd() }}
      tabs={<Tabs activeKey={tab} items={TABS} onChange={(key) => setTab(key as TabKey)} />}
      searchPlaceholder="Search by Community Name"
      queryKey={['community', 'list', tab]}
      aria-label={deleted ? 'Deleted communities' : 'Communities'}
      columns={columns}
      fetch={deleted ? listDeleted : listAll}
      bulk={deleted ? undefined : { module: MODULE, nameOf: communityName, filter: LIVE }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
