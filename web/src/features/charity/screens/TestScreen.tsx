/**
 * /test: the developer demo of the async multi-select of nonprofits (SPEC section 2): the
 * shared AsyncSelect on POST /admin/common/list (type 'charity'), 5 names a page, a 300 ms
 * search pause and the next page when the menu reaches its bottom.
 */
import { useCallback, useState } from 'react'
import { Empty, Space, Tag } from 'antd'
import { Text } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { AsyncSelect, type AsyncLoader, type AsyncValue } from '../../../components/AsyncSelect'
import { listCommonCharities } from '../../../components/option-loaders'

export default function TestScreen() {
  const [chosen, setChosen] = useState<AsyncValue[]>([])

  const loader = useCallback<AsyncLoader>(async (search, page, limit) => {
    const { rows: items, total } = await listCommonCharities({ page, limit, search })
    return {
      options: items.map((item) => ({ value: item._id, label: item.name })),
      hasMore: total > 0 ? page * limit < total : items.length === limit,
    }
  }, [])

  return (
    <Card title="Test">
      <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 560 }}>
        <Text type="secondary">Async multi-select of nonprofits</Text>
        <AsyncSelect
          multiple
          aria-label="Nonprofits"
          placeholder="Select Nonprofits"
          loader={loader}
          value={chosen}
          onChange={setChosen}
        />
        <div aria-label="Selected nonprofits">
          {chosen.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No nonprofit selected" />
          ) : (
            chosen.map((item) => <Tag key={item.value}>{item.label}</Tag>)
          )}
        </div>
      </Space>
    </Card>
  )
}
