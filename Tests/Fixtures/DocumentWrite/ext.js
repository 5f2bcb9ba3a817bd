log.push('ext runs, later exists: ' + !!document.getElementById('later') + ', w2 exists: ' + !!document.getElementById('w2'));
document.write('<i id=fromext>e</i>');
