document.write('<u id=fromdefer>d</u>');
log.push('deferred write ignored: ' + !document.getElementById('fromdefer'));
