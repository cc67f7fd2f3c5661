/**
 * /badge (Badge Management: edit, delete): every badge with its image, name, rule in words,
 * how many donors earned it and whether it is active; Edit (edit right) and Delete (delete
 * right, after the shared confirmation). Badges are made by the giving service: no Add.
 */
import { useMemo } from 'react'
import { Tag } from 'antd'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, columnsOf } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { formatNumber } from '../../../lib/format'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { listBadges } from '../api/list-badges'
import { deleteBadge } from '../api/delete-badge'
import type { Badge } from '../types'
import { ruleText } from '../rules'
import BadgeImage from '../../../components/BadgeImage'
import { paths } from '../../../paths'

const MODULE = SLUGS.badge
const nameOf = (row: Badge) => row.name

export default function BadgeListScreen() {
  const { canEdit, canDelete } = useRights(MODULE)
  const refresh = useRefresh('badge')

  const { askDelete, dialog } = useRowActions<Badge>({
    remove: (row) => deleteBadge(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<Badge>(
        {
          title: 'Image',
          key: 'image',
          render: (_, row) => <BadgeImage name={row.name} image={row.image} />,
        },
        { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
        { title: 'Rule', key: 'threshold', sorter: true, render: (_, row) => ruleText(row.rule, row.threshold) },
        { title: 'Awarded', key: 'awardedCount', render: (_, row) => formatNumber(row.awardedCount ?? 0) },
        {
          title: 'Active',
          key: 'isActive',
          render: (_, row) => (row.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
        },
        actionColumn<Badge>(nameOf, [
          canEdit && { label: 'Edit', to: (row) => paths.badgeEdit(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canEdit, canDelete, askDelete],
  )

  return (
    <ListCard<Badge>
      empty="No badges yet: the badges donors earn show here"
      title="Badge Management"
      searchPlaceholder="Search By Badge Name"
      queryKey={['badge', 'list']}
      aria-label="Badges"
      columns={columns}
      fetch={listBadges}
      bulk={{ module: MODULE, nameOf, filter: {} }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
