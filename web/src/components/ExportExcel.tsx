/** A list's Excel export (useDownload): its button, and how far the download is. */
import { Button } from 'antd'
import { Text } from './Text'
import { DownloadOutlined } from '@ant-design/icons'
import type { Download } from './useDownload'

/** Export Excel (or `label`): loading while the download runs. */
export function ExportExcelButton({ download, label = 'Export Excel' }: { download: Download; label?: string }) {
  return (
    <Button icon={<DownloadOutlined />} loading={download.progress !== null} onClick={download.start}>
      {label}
    </Button>
  )
}

/** How far the download is, announced; nothing while none runs. */
export function DownloadProgress({ download }: { download: Download }) {
  return (
    download.progress && (
      <Text type="secondary" role="status">
        {download.progress}
      </Text>
    )
  )
}
