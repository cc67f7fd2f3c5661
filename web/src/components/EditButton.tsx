/** A record view's Edit button: it opens the record's edit screen (`to`). */
import { Button } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'

export function EditButton({ to }: { to: string }) {
  const navigate = useNavigate()
  return (
    <Button icon={<EditOutlined />} onClick={() => navigate(to)}>
      Edit
    </Button>
  )
}
